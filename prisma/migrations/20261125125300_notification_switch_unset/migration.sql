-- Before Update Notification Config existed, weft ignored ApiKey.serviceConfig.useNotificationService and Create
-- API Key stored false when the caller left it out. The switch now takes effect (false: no in-app notifications),
-- so a stored false is dropped: those keys keep notifying, as they always did. Only a false written from now on
-- turns notifications off.
UPDATE "ApiKey"
SET "serviceConfig" = "serviceConfig" - 'useNotificationService'
WHERE "serviceConfig" ->> 'useNotificationService' = 'false';
