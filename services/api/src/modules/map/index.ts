// The public face of the map module: other modules import only what is exported here.
// The live map: players' positions and 15-minute trails from `server.positions`, their retention,
// the map image, and the routes that read them (Premium).
export { MapModule } from './map.module';
export { MAP_FLUSH_INTERVAL_MS, PositionCollector } from './position-collector.service';
export { MAP_POSITION_RETENTION_MS, MapRetention } from './map-retention.service';
export { mapSchema } from './map.schema';
