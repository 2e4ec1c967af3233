import { Module } from '@nestjs/common';
import { DemoService } from './demo.service';

/** The demo network and the simulated servers that feed it (DEMO and DEMO_SIMULATION). */
@Module({ providers: [DemoService], exports: [DemoService] })
export class DemoModule {}
