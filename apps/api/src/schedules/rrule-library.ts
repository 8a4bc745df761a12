import * as rruleModule from 'rrule';

/*
 * The `rrule` package ships a CommonJS bundle whose exports Node cannot name from an ES module: the
 * compiled API (CommonJS) finds `RRule` on the module itself, the tests (native ES modules) on its default
 * export. This is the one place that knows.
 */
type RRuleModule = typeof rruleModule;
const library: RRuleModule =
  'RRule' in rruleModule && rruleModule.RRule ? rruleModule : (rruleModule as unknown as { default: RRuleModule }).default;

export const { RRule } = library;
export type RRule = InstanceType<RRuleModule['RRule']>;
