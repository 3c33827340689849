import type { ActivityTimestamp } from '../../core/publicApiTypes'

/** Production writes times as protobuf Timestamps in JSON: `{seconds, nanos}`, 64-bit as strings. */
export function protobufTimestamp(ms: number): ActivityTimestamp {
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) }
}

/** The same, from the mock's ISO 8601 record times. */
export function protobufTime(iso: string): ActivityTimestamp {
  return protobufTimestamp(Date.parse(iso))
}
