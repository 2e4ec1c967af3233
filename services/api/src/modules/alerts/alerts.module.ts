import { Module } from '@nestjs/common';
import { EgressModule } from '../../core/egress';
import { SecretBox } from '../../core/secrets';
import { IdentityModule } from '../identity';
import { MetricsModule } from '../metrics';
import { AlertChannelsController } from './alert-channels.controller';
import { AlertMetrics } from './alert-metrics';
import { AlertPublisher } from './alert-publisher';
import { AlertRulesController } from './alert-rules.controller';
import { AlertView } from './alert-view';
import { AutomationNotices } from './automation-notices';
import { AlertsClock } from './alerts-clock';
import { AlertsController } from './alerts.controller';
import { AlertsQuery } from './alerts.query';
import { ChannelTest } from './channel-test';
import { ChannelUrlCheck } from './channel-url';
import { ChannelsService } from './channels.service';
import { DispatchSignal } from './dispatch-signal';
import { Dispatcher } from './dispatcher';
import { EventTriggers } from './event-triggers';
import { IncidentsService } from './incidents.service';
import { MetricsMinutes } from './metrics-minutes';
import { RulesService } from './rules.service';
import { DiscordSender } from './senders/discord.sender';
import { EmailSender } from './senders/email.sender';
import { WebhookSender } from './senders/webhook.sender';
import { ThresholdEvaluator } from './threshold-evaluator';

/**
 * Alerts (issue 27, part 2): rules, channels, incidents fired from domain events and from the
 * metrics' minutes (on the leader), their deliveries (sent by the leader's dispatcher), the bell.
 */
@Module({
  imports: [EgressModule, IdentityModule, MetricsModule],
  controllers: [AlertRulesController, AlertChannelsController, AlertsController],
  providers: [
    AlertsClock,
    { provide: AlertMetrics, useClass: MetricsMinutes },
    SecretBox,
    AlertView,
    AlertPublisher,
    DispatchSignal,
    IncidentsService,
    RulesService,
    ChannelUrlCheck,
    ChannelsService,
    ChannelTest,
    AlertsQuery,
    EventTriggers,
    ThresholdEvaluator,
    EmailSender,
    DiscordSender,
    WebhookSender,
    Dispatcher,
    AutomationNotices,
  ],
  exports: [AlertsClock, AutomationNotices, ChannelsService, RulesService],
})
export class AlertsModule {}
