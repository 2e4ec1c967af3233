import { Module } from '@nestjs/common';
import { PlansModule } from '../plans';
import { ServersModule } from '../servers';
import { SuspiciousController } from './suspicious.controller';
import { SuspiciousService } from './suspicious.service';
import { EvidenceRecorder } from './evidence-recorder.service';

/**
 * Suspicious activity (Premium): an explainable score per player from the reports, kills, joins,
 * and bans the other modules store; its own tables are the networks' weights
 * (suspicious_settings), the reviews (suspicious_reviews), and what it keeps as events arrive:
 * each player's kills per server (suspicious_tallies) and the AntiHack violations read from
 * console lines and `violation` events (suspicious_violations).
 */
@Module({
  imports: [PlansModule, ServersModule],
  controllers: [SuspiciousController],
  providers: [SuspiciousService, EvidenceRecorder],
  exports: [SuspiciousService],
})
export class SuspiciousModule {}
