export * from './errors';
export * from './modules';
export * from './pricing';
export * from './validation';
export * from './gst-states';
export * from './display-boot';
export * from './pages';
export * from './admin-reason';
