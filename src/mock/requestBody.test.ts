import { describe, expect, it } from 'vitest'
import { MockError } from './http'
import { MAX_BODY_BYTES } from './limits'
import { decodeUtf8, readBodyBytes } from './requestBody'

const MB = 1024 * 1024

/** A body of `chunks` chunks of 1 MB each, counting how many were pulled and whether it was cancelled. */
function countingStream(chunks: number): {
  stream: ReadableStream<Uint8Array>
  pulled: () => number
  cancelled: () => boolean
} {
  let pulled = 0
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) {
          controller.close()
          return
        }
        pulled += 1
        controller.enqueue(new Uint8Array(MB).fill(0x20))
      },
      cancel() {
        cancelled = true
      },
    },
    // Pull only when read: nothing is fetched ahead of the reader.
    { highWaterMark: 0 },
  )
  return { stream, pulled: () => pulled, cancelled: () => cancelled }
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request('http://mock.test/v1/otp_init', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

async function refusal(reading: Promise<unknown>): Promise<MockError> {
  const error = await reading.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(MockError)
  return error as MockError
}

describe('readBodyBytes', () => {
  it('answers the bytes of a body within the limit, the limit itself included', async () => {
    expect(await readBodyBytes(post('{"a":1}'))).toEqual(new TextEncoder().encode('{"a":1}'))
    const atLimit = await readBodyBytes(post(new Uint8Array(MAX_BODY_BYTES)))
    expect(atLimit.byteLength).toBe(MAX_BODY_BYTES)
    expect(await readBodyBytes(new Request('http://mock.test/', { method: 'POST' }))).toEqual(new Uint8Array(0))
  })

  it('refuses a Content-Length over 4 MB with 8 without reading a byte', async () => {
    const body = countingStream(20)
    const error = await refusal(readBodyBytes(post(body.stream, { 'Content-Length': String(20 * MB) })))
    expect(error.code).toBe(8)
    expect(error.message).toBe(
      'request body: Content-Length is 20971520 bytes, over the limit of 4194304 bytes (4 MB); send a smaller request',
    )
    expect(body.pulled()).toBe(0)
  })

  it('stops reading a body without Content-Length at the first chunk past 4 MB, and cancels the rest', async () => {
    const body = countingStream(20)
    const error = await refusal(readBodyBytes(post(body.stream)))
    expect(error.code).toBe(8)
    expect(error.message).toBe(
      'request body: more than 4194304 bytes received, over the limit of 4194304 bytes (4 MB); send a smaller request',
    )
    // 4 chunks fill the limit, the fifth passes it; nothing after it is read.
    expect(body.pulled()).toBe(5)
    expect(body.cancelled()).toBe(true)
  })

  it('refuses one byte over the limit', async () => {
    const error = await refusal(readBodyBytes(post(new Uint8Array(MAX_BODY_BYTES + 1))))
    expect(error.code).toBe(8)
  })
})

describe('decodeUtf8', () => {
  it('decodes UTF-8 and refuses invalid bytes with 3 rather than replacing them', () => {
    expect(decodeUtf8(new TextEncoder().encode('{"userName":"Zoë"}'))).toBe('{"userName":"Zoë"}')
    for (const bytes of [[0xff], [0xc3], [0xed, 0xa0, 0x80]]) {
      let thrown: unknown
      try {
        decodeUtf8(new Uint8Array([0x22, ...bytes, 0x22]))
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(MockError)
      expect((thrown as MockError).code).toBe(3)
      expect((thrown as MockError).message).toBe('request body: not valid UTF-8 text; send JSON encoded as UTF-8')
    }
  })
})
