// 001 §7 Analytics and Daily counts, 000 §7 average job revenue: the shared contracts the web reads too.
export * from '../../../domain/contracts/analytics.contract';
