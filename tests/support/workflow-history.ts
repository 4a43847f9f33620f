import { temporal } from '@temporalio/proto';

type History = temporal.api.history.v1.IHistory;
const { History } = temporal.api.history.v1;

// Not @temporalio/common's historyToJSON/historyFromJSON: the installed tree gives it a protobufjs copy of
// its own ("type must be a Type"). protobufjs's object form round-trips the same history through JSON.
export function historyToFixture(history: History): string {
  return `${JSON.stringify(History.toObject(History.fromObject(history), { longs: String, enums: String, bytes: String }), null, 2)}\n`;
}

export function historyFromFixture(json: string): History {
  return History.fromObject(JSON.parse(json));
}
