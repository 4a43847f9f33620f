/** Metadata every workflow input carries: the id that ties logs and events to the request. */
export interface RunMeta {
  correlationId: string;
}
