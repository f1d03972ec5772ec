/** The `service` of every log line, metric and trace: the function's name for it. */
export const serviceName = process.env.POWERTOOLS_SERVICE_NAME || 'retouch-studio';
