// SWC settings for Jest: TypeScript with legacy decorators and emitted metadata, as NestJS needs,
// compiled to ES modules because NestJS 12 ships as ESM only and Jest (on Node 20) loads ESM packages
// only in its native ESM mode (node --experimental-vm-modules).
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};
