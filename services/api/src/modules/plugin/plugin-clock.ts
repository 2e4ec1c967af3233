import { Injectable } from '@nestjs/common';

/** The time the plugin protocol and the offline sweep go by; tests replace `now`. */
@Injectable()
export class PluginClock {
  now(): Date {
    return new Date();
  }
}
