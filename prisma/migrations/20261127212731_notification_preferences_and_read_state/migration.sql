-- CreateTable
CREATE TABLE "NotificationPreference" (
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "inbox" TEXT,
    "email" TEXT,
    "slack" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NotificationPreference_pkey" PRIMARY KEY ("apiKeyId","organizationId","userId","documentId")
);

-- CreateTable
CREATE TABLE "NotificationRead" (
    "notificationRowId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "persistForYou" BOOLEAN NOT NULL DEFAULT false,
    "readAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationRead_pkey" PRIMARY KEY ("notificationRowId","userId")
);

-- CreateTable
CREATE TABLE "CommentAnnotationRead" (
    "annotationRowId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CommentAnnotationRead_pkey" PRIMARY KEY ("annotationRowId","userId")
);

-- CreateIndex
CREATE INDEX "NotificationPreference_apiKeyId_organizationId_documentId_idx" ON "NotificationPreference"("apiKeyId", "organizationId", "documentId");

-- CreateIndex
CREATE INDEX "NotificationRead_apiKeyId_organizationId_userId_idx" ON "NotificationRead"("apiKeyId", "organizationId", "userId");

-- CreateIndex
CREATE INDEX "CommentAnnotationRead_apiKeyId_organizationId_userId_idx" ON "CommentAnnotationRead"("apiKeyId", "organizationId", "userId");

-- AddForeignKey
ALTER TABLE "NotificationRead" ADD CONSTRAINT "NotificationRead_notificationRowId_fkey" FOREIGN KEY ("notificationRowId") REFERENCES "Notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommentAnnotationRead" ADD CONSTRAINT "CommentAnnotationRead_annotationRowId_fkey" FOREIGN KEY ("annotationRowId") REFERENCES "CommentAnnotation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
