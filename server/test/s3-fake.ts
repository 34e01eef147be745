/**
 * A small S3-compatible object store for tests, on node:http, path-style
 * (http://host:port/<bucket>/<key>): PutObject (also CopyObject via x-amz-copy-source),
 * GetObject, HeadObject, DeleteObject and ListObjectsV2, with S3's XML errors. Signatures
 * are not checked; an unknown bucket answers NoSuchBucket. Objects live in memory.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeObject {
  data: Buffer;
  contentType: string;
}

export interface S3Fake {
  endpoint: string;
  /** bucket → key → object */
  buckets: Map<string, Map<string, FakeObject>>;
  /** Every request as "METHOD /path" (to see which calls the client made). */
  requests: string[];
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function error(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

/** The payload, decoded from the SDK's aws-chunked framing when it uses it. */
function decodeBody(req: IncomingMessage, raw: Buffer): Buffer {
  if (!/aws-chunked/.test(String(req.headers['content-encoding'] ?? ''))) return raw;
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

const etag = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

export async function startS3Fake(bucketNames: string[]): Promise<S3Fake> {
  const buckets = new Map(bucketNames.map((name) => [name, new Map<string, FakeObject>()]));
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const bucket = buckets.get(decodeURIComponent(bucketName));
    const head = req.method === 'HEAD';
    if (!bucket) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);

    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Number(url.searchParams.get('max-keys') ?? 1000);
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > page.length;
      const contents = page.map((k) => `<Contents><Key>${xmlEscape(k)}</Key><Size>${bucket.get(k)!.data.length}</Size><ETag>${xmlEscape(etag(bucket.get(k)!.data))}</ETag></Contents>`).join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    }
    if (key === '') return error(res, 400, 'InvalidRequest', 'Unsupported bucket operation', head);

    switch (req.method) {
      case 'PUT': {
        const copySource = req.headers['x-amz-copy-source'];
        if (typeof copySource === 'string') {
          const [fromBucket, ...fromKey] = decodeURIComponent(copySource.replace(/^\//, '')).split('/');
          const source = buckets.get(fromBucket)?.get(fromKey.join('/'));
          if (!source) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          bucket.set(key, { ...source });
          res.writeHead(200, { 'content-type': 'application/xml' });
          return res.end(`<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>${xmlEscape(etag(source.data))}</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`);
        }
        const data = decodeBody(req, Buffer.concat(chunks));
        bucket.set(key, { data, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        res.writeHead(200, { etag: etag(data) });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = bucket.get(key);
        if (!object) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.data.length, etag: etag(object.data), 'last-modified': new Date().toUTCString() });
        return res.end(head ? undefined : object.data);
      }
      case 'DELETE':
        bucket.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
