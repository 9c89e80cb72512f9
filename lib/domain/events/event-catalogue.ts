import { triggerKey } from "./describe-event";
import { weftEventTypes, type WeftEventType } from "./event";

// One catalogue of the event names the console shows, with a human label each. Events have a type
// (`reaction.add`, the advanced-webhook `filterTypes` and message type) and a trigger key in the email and
// simple-webhook `triggers` maps (`comment.reaction_add`: the wire names reactions as comment triggers).
// Every page labels both names of an event the same way, so "Reaction added" is one thing everywhere.
// Client components import it: no server imports here.

const LABELS: Record<WeftEventType, string> = {
  "comment_annotation.add": "Comment thread started",
  "comment.add": "Comment added",
  "comment.update": "Comment edited",
  "comment.delete": "Comment deleted",
  "comment_annotation.status_change": "Thread status changed",
  "comment_annotation.assign": "Thread assigned",
  "comment_annotation.priority_change": "Thread priority changed",
  "reaction.add": "Reaction added",
  "reaction.delete": "Reaction removed",
};

/** Trigger keys the wire knows that weft stores but never fires itself. */
const OTHER_TRIGGERS: Record<string, string> = {
  "huddle.create": "Huddle started",
  "huddle.join": "Huddle joined",
  "comment_annotation.suggestion_accept": "Suggestion accepted",
  "comment_annotation.suggestion_reject": "Suggestion rejected",
  "crdt.update": "CRDT data updated",
  "recorder.add": "Recording added",
};

export interface CatalogueEvent {
  type: WeftEventType;
  /** Its key in email / simple-webhook `triggers`. */
  trigger: string;
  label: string;
}

export const eventCatalogue: readonly CatalogueEvent[] = weftEventTypes.map((type) => ({
  type,
  trigger: triggerKey(type),
  label: LABELS[type],
}));

const byName = new Map<string, string>([
  ...eventCatalogue.flatMap((e) => [[e.type, e.label] as const, [e.trigger, e.label] as const]),
  ...Object.entries(OTHER_TRIGGERS),
]);

/** The label of an event type or a trigger key; an unknown name (a customer's stored trigger) as it is. */
export function eventLabel(name: string): string {
  return byName.get(name) ?? name;
}

/** Trigger keys in catalogue order: weft's events first, then the other known ones, then any others given. */
export function orderedTriggers(names: Iterable<string>): string[] {
  const known = [...eventCatalogue.map((e) => e.trigger), ...Object.keys(OTHER_TRIGGERS)];
  const given = new Set(names);
  return [...known.filter((k) => given.has(k)), ...[...given].filter((k) => !known.includes(k)).sort()];
}
