import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { HttpClient } from './http-client';

/** Set by jest.config.cjs (test files run as ES modules, where __dirname does not exist). */
const MAIN = process.env.FOODLINK_API_MAIN ?? 'dist/main.js';

/** The built API (`node dist/main.js`) as a separate process, which a test may SIGKILL. */
export class ApiProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly http: HttpClient,
    private readonly log: { text: string },
  ) {}

  /** Everything the process has written so far (stdout and stderr). */
  get output(): string {
    return this.log.text;
  }

  /** Starts the process (in `cwd`, by default this one's) and resolves once it logs that it is listening. */
  static async start(env: Record<string, string>, port: number, cwd?: string): Promise<ApiProcess> {
    const child = spawn(process.execPath, [MAIN], {
      cwd,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = { text: '' };
    await new Promise<void>((resolveStart, reject) => {
      const onData = (chunk: Buffer) => {
        log.text += chunk.toString();
        if (log.text.includes('listening on')) resolveStart();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`API exited with ${code} before listening:\n${log.text}`)));
    });
    return new ApiProcess(child, new HttpClient(`http://127.0.0.1:${port}`), log);
  }

  /** Sends the signal and resolves with how the process ended (its exit code, or the signal that ended it). */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<number | NodeJS.Signals | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill(signal);
      await once(this.child, 'exit');
    }
    return this.child.exitCode ?? this.child.signalCode;
  }
}
