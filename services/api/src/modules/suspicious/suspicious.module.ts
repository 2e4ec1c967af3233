import { Module } from '@nestjs/common';
import { PlansModule } from '../plans';
import { ServersModule } from '../servers';
import { SuspiciousController } from './suspicious.controller';
import { SuspiciousService } from './suspicious.service';
import { ViolationRecorder } from './violation-recorder.service';

/**
 * Suspicious activity (Premium): an explainable score per player from the reports, kills, joins,
 * bans and AntiHack violations the other modules store; its own tables are the networks' weights
 * (suspicious_settings), the reviews (suspicious_reviews) and the violations it reads from
 * console lines and `violation` events (suspicious_violations).
 */
@Module({
  imports: [PlansModule, ServersModule],
  controllers: [SuspiciousController],
  providers: [SuspiciousService, ViolationRecorder],
})
export class SuspiciousModule {}
