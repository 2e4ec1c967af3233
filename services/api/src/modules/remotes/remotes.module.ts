import { Module } from '@nestjs/common';
import { WebModule } from '../../core/web';
import { RemotesWatcher } from './remotes-watcher';

/** The remotes the operator switched while the panel runs, served by every instance. */
@Module({ imports: [WebModule], providers: [RemotesWatcher] })
export class RemotesModule {}
