import type { StackHandle } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as typeof globalThis & { foodLinkE2eStack?: StackHandle }).foodLinkE2eStack?.stop();
}
