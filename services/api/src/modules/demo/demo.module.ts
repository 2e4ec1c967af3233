import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts';
import { PunishmentsModule } from '../punishments';
import { ReportsModule } from '../reports';
import { SuspiciousModule } from '../suspicious';
import { DemoStaff } from './demo-staff';
import { DemoService } from './demo.service';

/** The demo network, the simulated servers that feed it and its simulated moderator (DEMO and DEMO_SIMULATION). */
@Module({
  imports: [AlertsModule, PunishmentsModule, ReportsModule, SuspiciousModule],
  providers: [DemoService, DemoStaff],
  exports: [DemoService],
})
export class DemoModule {}
