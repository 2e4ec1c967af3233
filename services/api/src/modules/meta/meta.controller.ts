import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/auth';
import { APP_VERSION, InjectConfig, type AppConfig } from '../../core/config';

export type ServerMeta = { name: 'Outpost'; version: string; demo: boolean };

@ApiTags('meta')
@Controller('api/meta')
export class MetaController {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'Product name, version and whether demo mode is on (read by the web app at start)',
  })
  meta(): ServerMeta {
    return { name: 'Outpost', version: APP_VERSION, demo: this.config.demo };
  }
}
