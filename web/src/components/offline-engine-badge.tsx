import { Badge } from '@chakra-ui/react';

/** The engine name the interactions read model records for the offline engine (its LanguageEngine name). */
export const OFFLINE_ENGINE = 'offline';

/**
 * One mark per call or chat analysed by the offline engine (rules over the transcript and the recorded
 * facts, no language model), instead of a prefix on each of its lines.
 */
export function OfflineEngineBadge({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      size={size}
      colorPalette="purple"
      variant="subtle"
      data-testid="offline-engine-badge"
      title="Analysed by the offline engine: rules and a cue lexicon over the transcript and the recorded facts, no language model."
    >
      Offline engine
    </Badge>
  );
}
