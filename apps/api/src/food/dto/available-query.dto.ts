import { LIMITS } from '@food-link/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class AvailableQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'At most this many items',
    minimum: 1,
    maximum: LIMITS.availablePageMax,
    default: LIMITS.availablePageMax,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(LIMITS.availablePageMax)
  limit: number = LIMITS.availablePageMax;

  @ApiPropertyOptional({ type: 'integer', description: 'Skip this many items first', minimum: 0, maximum: 2_147_483_647, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  offset: number = 0;
}
