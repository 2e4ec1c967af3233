import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts';
import { CommandsModule } from '../commands';
import { DiscordModule } from '../discord';
import { PlansModule } from '../plans';
import { PunishmentsModule } from '../punishments';
import { SuspiciousModule } from '../suspicious';
import { AutomationController } from './automation.controller';
import { AutomationExecutor } from './automation-executor';
import { AutomationRuns } from './automation-runs';
import { AutomationScheduler } from './automation-scheduler';
import { AutomationTriggers } from './automation-triggers';
import { AutomationsService } from './automations.service';
import { SuspiciousScoreWatch } from './suspicious-scores';

/**
 * Server automation (Premium): a network's schedules (cron, IANA zone) and triggers (on what the
 * panel already sees) run ordered actions through the paths a person's action takes: commands with
 * their outcome, the one moderation path, alert deliveries. Runs are rows, each claimed once; the
 * leader carries them out (automation, automation_runs, automation_run_actions, written only here).
 */
@Module({
  imports: [AlertsModule, CommandsModule, DiscordModule, PlansModule, PunishmentsModule, SuspiciousModule],
  controllers: [AutomationController],
  providers: [
    AutomationsService,
    AutomationRuns,
    AutomationScheduler,
    AutomationTriggers,
    AutomationExecutor,
    SuspiciousScoreWatch,
  ],
})
export class AutomationModule {}
