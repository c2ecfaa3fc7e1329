import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * Queues the mails held until `userId` confirmed their address (e.g. the invitations they sent
 * before): call it in the transaction that confirms the address, and wake the mailer after the
 * commit. One conditional update turns each HELD row QUEUED, so a row is released once however
 * many confirmations race, and a process that stops after the commit leaves QUEUED rows that any
 * worker sends (the durable mail queue); before the commit nothing changed. Answers the released
 * rows' ids, for `mailer.wake(ids)` (which also prints them in the outbox).
 */
export async function releaseHeldMail(
  tx: Prisma.TransactionClient,
  userId: number,
): Promise<number[]> {
  const released = await tx.mail.updateManyAndReturn({
    where: { status: 'HELD', heldForUserId: userId },
    data: { status: 'QUEUED', nextAttemptAt: null },
    select: { id: true },
  });
  if (released.length === 0) return [];
  // The invitations those mails carry the links of are mailed now.
  await tx.invitation.updateMany({
    where: { heldMailId: { in: released.map(({ id }) => id) } },
    data: { heldMailId: null, sentAt: new Date() },
  });
  return released.map(({ id }) => id);
}

/** Deletes the held (not yet released) mail of an invitation, in the caller's transaction. */
export async function dropHeldInvitationMail(
  tx: Prisma.TransactionClient,
  invitationId: number,
): Promise<void> {
  await tx.mail.deleteMany({
    where: { status: 'HELD', heldInvitation: { is: { id: invitationId } } },
  });
}
