import { Injectable } from '@nestjs/common';
import { CharitiesRepository } from './charities.repository';

/**
 * The door of `charities`' owner (CharitiesRepository) for the verification decisions, the no-show
 * suspension (verification/) and the quick-cancel pause (requests/): each writes through it, in its caller's
 * transaction.
 */
@Injectable()
export class CharitiesService {
  constructor(private readonly charities: CharitiesRepository) {}

  pauseClaims(...args: Parameters<CharitiesRepository['pauseClaims']>): ReturnType<CharitiesRepository['pauseClaims']> {
    return this.charities.pauseClaims(...args);
  }

  changeVerification(...args: Parameters<CharitiesRepository['changeVerification']>): ReturnType<CharitiesRepository['changeVerification']> {
    return this.charities.changeVerification(...args);
  }

  eraseSubmission(...args: Parameters<CharitiesRepository['eraseSubmission']>): ReturnType<CharitiesRepository['eraseSubmission']> {
    return this.charities.eraseSubmission(...args);
  }

  liftEndedSuspensions(...args: Parameters<CharitiesRepository['liftEndedSuspensions']>): ReturnType<CharitiesRepository['liftEndedSuspensions']> {
    return this.charities.liftEndedSuspensions(...args);
  }
}
