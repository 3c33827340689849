// A request with a Host header of the test's choosing, as a page on another name whose DNS answer points
// at this machine (DNS rebinding) sends it. fetch will not set Host; node:http does.
import { request } from 'node:http'

export interface HostAnswer {
  status: number
  contentType: string | undefined
  body: string
}

/** `method` `path` on the server at `serverUrl` (its address), saying `Host: host`. */
export function requestWithHost(
  serverUrl: string,
  host: string,
  path: string,
  { method = 'GET', body }: { method?: string; body?: string } = {},
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, serverUrl), { method, headers: { Host: host } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], body: text }),
      )
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
