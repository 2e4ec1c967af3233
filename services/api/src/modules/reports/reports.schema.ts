import { defineSchema } from '../../core/database';
import { ReportNoteRecord, ReportRecord, ReportScreenshot } from './report.entity';

export const reportsSchema = defineSchema({ entities: [ReportRecord, ReportNoteRecord, ReportScreenshot] });
