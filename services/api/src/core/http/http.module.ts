import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { EnvelopeInterceptor } from './envelope.interceptor';
import { AppExceptionFilter } from './exception.filter';
import { Draining } from './graceful-shutdown';

@Global()
@Module({
  providers: [
    { provide: APP_FILTER, useClass: AppExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    Draining,
  ],
  exports: [Draining],
})
export class HttpModule {}
