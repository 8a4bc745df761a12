import { Global, Module } from '@nestjs/common';
import { Mailer } from './mailer';

/** E-mail (SMTP or the development outbox); global, as every channel and account flow may send. */
@Global()
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
