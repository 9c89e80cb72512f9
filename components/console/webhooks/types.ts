// The wire shapes of the advanced webhook services, as the console's client components receive them.

export interface AdvancedConfigView {
  isEnabled: boolean;
  encryptData: boolean;
  encodeData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
}

export interface EndpointView {
  id: string;
  url: string;
  description: string;
  filterTypes: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  createdAt: string;
}

export interface IteratorPage {
  iterator: string | null;
  done: boolean;
}

export interface MessageView {
  id: string;
  eventType: string;
  timestamp: string;
  /** The delivered body: {type, timestamp, data}. */
  payload: Record<string, unknown>;
  deliveries: { target: string; endpointId: string | null; url: string | null; status: string; attempts: number; lastError: string | null }[];
}

export interface AttemptView {
  id: string;
  url: string;
  status: string;
  responseStatusCode: number;
  response: string;
  error: string | null;
  durationMs: number;
  trigger: string;
  timestamp: string;
}

/** The iterator pages as usePagedQuery's pages: `nextPageToken` while not done. */
export function asPaged<T extends IteratorPage>(page: T): T & { nextPageToken?: string } {
  return { ...page, nextPageToken: !page.done && page.iterator ? page.iterator : undefined };
}
