/** Whether a read was refused because the network's plan does not include it (403 PLAN_REQUIRED). */
export const isPlanRequired = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'PLAN_REQUIRED';
