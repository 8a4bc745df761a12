import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MessagingDeliveryModule } from '../messaging/messaging.module';
import { PickupPointsModule } from '../pickup-points/pickup-points.module';
import { InvitationPhone } from './invitation-phone';
import { InvitationMailModule } from './invitation-mail';
import { OrgController } from './org.controller';
import { OrgService } from './org.service';

/** Organisations: members, roles, invitations and the activity list (docs/ORGANISATIONS.md). */
@Module({
  imports: [AuthModule, PickupPointsModule, InvitationMailModule, MessagingDeliveryModule],
  controllers: [OrgController],
  providers: [OrgService, InvitationPhone],
})
export class OrgModule {}
