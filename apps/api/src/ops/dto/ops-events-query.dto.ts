import { DOMAIN_EVENT_TYPES, type DomainEventType } from '@food-link/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

/** The operator console shows at most this many events. */
export const OPS_EVENTS_MAX = 100;

export class OpsEventsQueryDto {
  @ApiPropertyOptional({ enum: DOMAIN_EVENT_TYPES, description: 'Only events of this type' })
  @IsOptional()
  @IsIn(DOMAIN_EVENT_TYPES, { message: `type must be one of ${DOMAIN_EVENT_TYPES.join(', ')}` })
  type?: DomainEventType;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: OPS_EVENTS_MAX, default: OPS_EVENTS_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(OPS_EVENTS_MAX)
  limit: number = OPS_EVENTS_MAX;
}
