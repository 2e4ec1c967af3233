import { Global, Module } from '@nestjs/common';
import { AccessService } from './access.service';
import { RouteAuthorizer } from './route-authorizer';

@Global()
@Module({ providers: [AccessService, RouteAuthorizer], exports: [AccessService, RouteAuthorizer] })
export class AccessModule {}
