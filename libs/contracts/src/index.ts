export * from './domain';
export * from './dates';
export * from './routes';
export * from './http';
export * from './events';
export * from './ops';
export * from './ops-events';
