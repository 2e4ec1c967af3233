import { Module } from '@nestjs/common';
import { PlansModule } from '../plans';
import { InvitesController } from './invites.controller';
import { InvitesService } from './invites.service';

@Module({ imports: [PlansModule], controllers: [InvitesController], providers: [InvitesService] })
export class InvitesModule {}
