// The public face of the dashboard module: other modules import only what is exported here.
// The dashboard's cards and Recent Activity.
export { DashboardModule } from './dashboard.module';
