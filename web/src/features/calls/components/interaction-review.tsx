import { Box, Button, HStack, Heading, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { callStatusLabel, formatInZone } from '@contracts/call-labels';
import { reclassifyCall, reviewInteraction } from '../api/calls.api';

// Review and reclassification of an interaction, a call or a website chat alike (001 §4): the Call details
// and Chat details pages both use these.

export function DetailsSection({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} bg="white" data-testid={testId}>
      <Heading size="sm" mb={2}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

type ReviewProps = { interactionId: string; reviewedAt: string | null; reviewNotes: string | null; timezone: string; onSaved: () => void };

/** Marks the interaction reviewed or not and keeps its review notes (PUT /interaction). */
export function InteractionReview({ interactionId, reviewedAt, reviewNotes, timezone, onSaved }: ReviewProps) {
  const [notes, setNotes] = useState(reviewNotes ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => setNotes(reviewNotes ?? ''), [reviewNotes]);
  async function save(at: string | null) {
    setSaving(true);
    try {
      await reviewInteraction(interactionId, at, notes);
      onSaved();
    } finally {
      setSaving(false);
    }
  }
  return (
    <DetailsSection title="Review" testId="interaction-review">
      <Text fontSize="sm" mb={2} data-testid="review-state">
        {reviewedAt ? `Reviewed ${formatInZone(reviewedAt, timezone)}` : 'Not reviewed yet'}
      </Text>
      <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="Review notes" mb={2} aria-label="Review notes" />
      <HStack>
        <Button size="sm" loading={saving} onClick={() => void save(reviewedAt)}>
          Save notes
        </Button>
        <Button size="sm" variant="outline" loading={saving} onClick={() => void save(reviewedAt ? null : new Date().toISOString())}>
          {reviewedAt ? 'Mark unreviewed' : 'Mark reviewed'}
        </Button>
      </HStack>
    </DetailsSection>
  );
}

/** 001 §4: a user may set the status to UNBOOKED or EXCUSED only (POST /call/reclassify, by interaction id). */
export function ReclassifyControls({ interactionId, status, onDone }: { interactionId: string; status: string; onDone: () => Promise<unknown> }) {
  const [reclassifying, setReclassifying] = useState(false);
  async function reclassify(to: 'UNBOOKED' | 'EXCUSED') {
    setReclassifying(true);
    try {
      await reclassifyCall(interactionId, to);
      await onDone();
    } finally {
      setReclassifying(false);
    }
  }
  return (
    <HStack ml={{ md: 'auto' }} wrap="wrap">
      <Text fontSize="sm">Change to</Text>
      {(['UNBOOKED', 'EXCUSED'] as const).map((s) => (
        <Button
          key={s}
          size="xs"
          variant="outline"
          disabled={status === s}
          loading={reclassifying}
          onClick={() => void reclassify(s)}
          data-testid={`reclassify-${s.toLowerCase()}`}
        >
          {callStatusLabel(s)}
        </Button>
      ))}
    </HStack>
  );
}
