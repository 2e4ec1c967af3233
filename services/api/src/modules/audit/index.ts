// The public face of the audit module: other modules import only what is exported here.
// The audit log: one append-only entry per staff change, its filters and CSV export.
export { AuditModule } from './audit.module';
export { AuditService } from './audit.service';
export { auditSchema } from './audit.schema';
