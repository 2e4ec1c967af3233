import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AppExceptionFilter } from './exception.filter';
import { Draining } from './graceful-shutdown';

@Global()
@Module({
  providers: [{ provide: APP_FILTER, useClass: AppExceptionFilter }, Draining],
  exports: [Draining],
})
export class HttpModule {}
