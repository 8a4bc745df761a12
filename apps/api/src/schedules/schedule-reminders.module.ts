import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ScheduleReminders } from './schedule-reminders';
import { SchedulesModule } from './schedules.module';

/** The donors' reminders of their standing collections (ScheduleReminders), for the worker's `schedules` queue. */
@Module({
  imports: [SchedulesModule, NotificationsModule, TokenModule],
  providers: [ScheduleReminders],
  exports: [ScheduleReminders],
})
export class ScheduleRemindersModule {}
