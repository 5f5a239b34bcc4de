import type { Notification } from "@parley/contracts";

/** A notification as the API returns it; tests override what they look at. */
export function makeNotification(
  overrides: Partial<Notification> & Pick<Notification, "notificationID">,
): Notification {
  const id = overrides.notificationID;
  return {
    body: `<b>Bea</b> mentioned you in <b>Topic ${id}</b>.`,
    photoUrl: "http://localhost/images/bea.png",
    url: `http://localhost/discussion/comment/${100 + id}#Comment_${100 + id}`,
    recordUrl: `http://localhost/discussion/comment/${100 + id}#Comment_${100 + id}`,
    recordType: "comment",
    recordID: 100 + id,
    discussionID: 9,
    activityType: "Mention",
    reason: "mention",
    count: 1,
    dateInserted: "2025-01-01T11:00:00+00:00",
    dateUpdated: "2025-01-01T11:00:00+00:00",
    read: false,
    ...overrides,
  };
}

type Listener = (event: MessageEvent<string>) => void;

/** A stand-in for the browser's EventSource: tests open, send events, fail and close it by hand. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly url: string;
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Set<Listener>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  static get latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error("No EventSource was made.");
    return last;
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  private dispatch(type: string, event: MessageEvent<string>) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  open(): void {
    this.readyState = 1;
    this.dispatch("open", new MessageEvent("open"));
  }

  send(type: string, data: unknown, id = ""): void {
    this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }

  /** A failed connection: `retrying` as the browser does after a dropped stream, else refused for good. */
  fail(retrying: boolean): void {
    this.readyState = retrying ? 0 : 2;
    this.dispatch("error", new MessageEvent("error"));
  }
}
