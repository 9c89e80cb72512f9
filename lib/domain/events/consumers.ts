import type { EventConsumer } from "./event";

// Every consumer of weft events, in the order the dispatcher calls them for each event.
export const eventConsumers: EventConsumer[] = [];
