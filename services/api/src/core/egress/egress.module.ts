import { Module } from '@nestjs/common';
import { EgressPolicy, HostResolver } from './egress-policy';

/** The egress policy, for each module that dials an address a user typed. */
@Module({ providers: [HostResolver, EgressPolicy], exports: [HostResolver, EgressPolicy] })
export class EgressModule {}
