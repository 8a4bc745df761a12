export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>` unless `bareToken` is set. */
  token?: string;
  bareToken?: boolean;
  /** Raw body text, sent as is (malformed JSON, oversized payloads). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A thin fetch wrapper for talking to the app over real HTTP, as a client would. */
export class HttpClient {
  constructor(readonly baseUrl: string) {}

  get<T = any>(path: string, options: RequestOptions = {}) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = any>(path: string, options: RequestOptions = {}) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.bareToken ? options.token : `Bearer ${options.token}`;
    let payload: string | undefined = options.rawBody;
    if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) body = JSON.parse(text);
    return { status: response.status, body: body as T, headers: response.headers };
  }
}
