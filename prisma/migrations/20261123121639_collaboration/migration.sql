-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "notificationId" TEXT NOT NULL,
    "locationId" TEXT,
    "notificationSource" TEXT NOT NULL,
    "notificationSourceData" JSONB,
    "actionUserId" TEXT NOT NULL,
    "actionUser" JSONB NOT NULL,
    "headlineTemplate" TEXT,
    "headlineTemplateData" JSONB,
    "bodyMessage" TEXT,
    "notifyAll" BOOLEAN NOT NULL,
    "isResolverUsed" BOOLEAN NOT NULL DEFAULT false,
    "context" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationRecipient" (
    "notificationRowId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "userKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationRecipient_pkey" PRIMARY KEY ("notificationRowId","userId")
);

-- CreateTable
CREATE TABLE "ActivityLog" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "activityId" TEXT NOT NULL,
    "featureType" TEXT NOT NULL,
    "actionType" TEXT NOT NULL,
    "actionUserId" TEXT NOT NULL,
    "actionUser" JSONB NOT NULL,
    "targetEntityId" TEXT,
    "targetSubEntityId" TEXT,
    "changes" JSONB,
    "entityData" JSONB,
    "entityTargetData" JSONB,
    "displayMessageTemplate" TEXT,
    "displayMessageTemplateData" JSONB,
    "actionIcon" TEXT,
    "isActivityResolverUsed" BOOLEAN,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivityLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommentAnnotation" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "annotationId" TEXT NOT NULL,
    "locationId" TEXT,
    "location" JSONB,
    "targetElement" JSONB,
    "status" JSONB,
    "statusId" TEXT,
    "priority" JSONB,
    "assignedTo" JSONB,
    "assignedToUserId" TEXT,
    "context" JSONB,
    "fromUserId" TEXT NOT NULL,
    "from" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CommentAnnotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Comment" (
    "id" TEXT NOT NULL,
    "annotationRowId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "annotationId" TEXT NOT NULL,
    "commentId" INTEGER NOT NULL,
    "commentText" TEXT NOT NULL,
    "commentHtml" TEXT,
    "fromUserId" TEXT NOT NULL,
    "from" JSONB NOT NULL,
    "taggedUserContacts" JSONB,
    "taggedUserIds" TEXT[],
    "context" JSONB,
    "isEdited" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CommentReaction" (
    "id" TEXT NOT NULL,
    "commentRowId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "annotationId" TEXT NOT NULL,
    "commentId" INTEGER NOT NULL,
    "icon" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "user" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommentReaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventStream" (
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "lastSeq" INTEGER NOT NULL,

    CONSTRAINT "EventStream_pkey" PRIMARY KEY ("apiKeyId","organizationId","documentId")
);

-- CreateTable
CREATE TABLE "EventOutbox" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "availableAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "dispatchedAt" TIMESTAMP(3),

    CONSTRAINT "EventOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notification_apiKeyId_organizationId_createdAt_id_idx" ON "Notification"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Notification_apiKeyId_organizationId_documentId_createdAt_i_idx" ON "Notification"("apiKeyId", "organizationId", "documentId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Notification_apiKeyId_organizationId_actionUserId_createdAt_idx" ON "Notification"("apiKeyId", "organizationId", "actionUserId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_apiKeyId_organizationId_notificationId_key" ON "Notification"("apiKeyId", "organizationId", "notificationId");

-- CreateIndex
CREATE INDEX "NotificationRecipient_apiKeyId_organizationId_userId_create_idx" ON "NotificationRecipient"("apiKeyId", "organizationId", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "ActivityLog_apiKeyId_organizationId_createdAt_id_idx" ON "ActivityLog"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ActivityLog_apiKeyId_organizationId_documentId_createdAt_id_idx" ON "ActivityLog"("apiKeyId", "organizationId", "documentId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ActivityLog_apiKeyId_organizationId_targetEntityId_idx" ON "ActivityLog"("apiKeyId", "organizationId", "targetEntityId");

-- CreateIndex
CREATE UNIQUE INDEX "ActivityLog_apiKeyId_organizationId_activityId_key" ON "ActivityLog"("apiKeyId", "organizationId", "activityId");

-- CreateIndex
CREATE INDEX "CommentAnnotation_apiKeyId_organizationId_documentId_create_idx" ON "CommentAnnotation"("apiKeyId", "organizationId", "documentId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "CommentAnnotation_apiKeyId_organizationId_assignedToUserId_idx" ON "CommentAnnotation"("apiKeyId", "organizationId", "assignedToUserId");

-- CreateIndex
CREATE UNIQUE INDEX "CommentAnnotation_apiKeyId_organizationId_annotationId_key" ON "CommentAnnotation"("apiKeyId", "organizationId", "annotationId");

-- CreateIndex
CREATE INDEX "Comment_apiKeyId_organizationId_createdAt_id_idx" ON "Comment"("apiKeyId", "organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Comment_apiKeyId_organizationId_fromUserId_idx" ON "Comment"("apiKeyId", "organizationId", "fromUserId");

-- CreateIndex
CREATE UNIQUE INDEX "Comment_annotationRowId_commentId_key" ON "Comment"("annotationRowId", "commentId");

-- CreateIndex
CREATE INDEX "CommentReaction_apiKeyId_organizationId_userId_createdAt_id_idx" ON "CommentReaction"("apiKeyId", "organizationId", "userId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CommentReaction_commentRowId_icon_userId_key" ON "CommentReaction"("commentRowId", "icon", "userId");

-- CreateIndex
CREATE INDEX "EventOutbox_dispatchedAt_availableAt_idx" ON "EventOutbox"("dispatchedAt", "availableAt");

-- CreateIndex
CREATE UNIQUE INDEX "EventOutbox_apiKeyId_organizationId_documentId_seq_key" ON "EventOutbox"("apiKeyId", "organizationId", "documentId", "seq");

-- AddForeignKey
ALTER TABLE "NotificationRecipient" ADD CONSTRAINT "NotificationRecipient_notificationRowId_fkey" FOREIGN KEY ("notificationRowId") REFERENCES "Notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_annotationRowId_fkey" FOREIGN KEY ("annotationRowId") REFERENCES "CommentAnnotation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentReaction" ADD CONSTRAINT "CommentReaction_commentRowId_fkey" FOREIGN KEY ("commentRowId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
