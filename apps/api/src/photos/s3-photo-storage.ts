import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import { AwsClient } from 'aws4fetch';
import { PHOTO_NAMES } from './photo-names';
import type { PhotoStorage, StoredNames, StoredPhoto } from './photo-storage';

export interface S3Settings {
  /** The store's base URL (`https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`, an R2 account URL). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** No call to the store may hold a request longer than this; a silent store is an outage (503). */
const S3_TIMEOUT_MS = 10_000;

/**
 * Photos as objects of one bucket of an S3-compatible store, addressed path-style
 * (`<endpoint>/<bucket>/<name>`), which AWS, MinIO, Ceph, Garage and R2 all accept. Requests are signed
 * with AWS Signature V4 by aws4fetch and sent with Node's own fetch: three plain calls (PUT, GET, DELETE)
 * need no SDK. The bucket must exist; photos are read through the API, so it can stay private.
 */
export class S3PhotoStorage implements PhotoStorage {
  private readonly client: AwsClient;
  private readonly bucketUrl: string;

  constructor(
    settings: S3Settings,
    private readonly names: StoredNames = PHOTO_NAMES,
  ) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
    });
    this.bucketUrl = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', name, {
      body: data,
      headers: { 'content-type': contentType, 'content-length': String(data.length) },
    });
    await expectSuccess(response, `PUT ${name}`);
  }

  async get(name: string): Promise<StoredPhoto | null> {
    if (!this.names.valid(name)) return null;
    const response = await this.send('GET', name);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    await expectSuccess(response, `GET ${name}`);
    if (!response.body) throw new Error(`S3 GET ${name} answered without a body`);
    const length = Number(response.headers.get('content-length'));
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      contentType: response.headers.get('content-type') ?? this.names.contentType(name),
      bytes: Number.isInteger(length) && length >= 0 ? length : undefined,
    };
  }

  async delete(name: string): Promise<void> {
    const response = await this.send('DELETE', name);
    // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
    if (response.status === 404) {
      await response.body?.cancel();
      return;
    }
    await expectSuccess(response, `DELETE ${name}`);
  }

  /**
   * One signed call. The deadline covers the answer's headers only (a photo's body then streams to the
   * client at the client's pace). A store that cannot be reached or does not answer in time is a 503.
   */
  private async send(method: string, name: string, init: { body?: Buffer; headers?: Record<string, string> } = {}): Promise<Response> {
    if (!this.names.valid(name)) throw new Error(`Not a photo name: ${JSON.stringify(name)}`);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`S3 ${method} ${name} took over ${S3_TIMEOUT_MS} ms`)), S3_TIMEOUT_MS);
    try {
      return await this.client.fetch(`${this.bucketUrl}/${name}`, { method, ...init, signal: abort.signal });
    } catch (error) {
      throw storeUnavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Any answer but a 2xx is a failure of the store, reported with the start of its (XML) explanation. */
async function expectSuccess(response: Response, call: string): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')).slice(0, 300);
  throw storeUnavailable(new Error(`S3 ${call} answered ${response.status}: ${text}`));
}

const logger = new Logger('PhotoStorage');

/** The store failed us: the client may retry (503); the cause goes to the log, where operators see it. */
function storeUnavailable(cause: unknown): ServiceUnavailableException {
  logger.error(`The S3 store failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  return new ServiceUnavailableException(ERRORS.dependencyUnavailable, { cause });
}
