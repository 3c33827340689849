/**
 * What `mock.handle` rejects with when a fault drops the connection: the adapters turn it into what a
 * client would see (`mock.fetch` rejects with TypeError('fetch failed'), the servers destroy the socket).
 * A TypeError, as a network failure is one in fetch.
 */
export class MockConnectionDropped extends TypeError {
  override readonly name = 'MockConnectionDropped'
  /** Whether the request was processed before the connection dropped. */
  readonly processed: boolean

  constructor(target: string, processed: boolean) {
    super(
      `${target}: the connection dropped ${processed ? 'after the request was processed' : 'before the request was processed'} (mock fault plan)`,
    )
    this.processed = processed
  }
}
