import { randomBytes } from 'node:crypto';

export interface E2eUser {
  name: string;
  email: string;
  password: string;
}

/** A new user's details; names are unique per run so charity names never clash. */
export function newUser(kind: 'donor' | 'charity'): E2eUser {
  const id = randomBytes(3).toString('hex');
  return {
    name: kind === 'donor' ? `Koshary Corner ${id}` : `Cairo Food Bank ${id}`,
    email: `${kind}-${id}@e2e.foodlink.eg`,
    password: `e2e-password-${id}`,
  };
}
