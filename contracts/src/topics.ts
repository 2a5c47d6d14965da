import { z } from 'zod';

/** Aggregate (stream) types. One Kafka topic per stream type; key = stream id. */
export const streamTypes = ['user', 'job', 'application', 'post', 'connection', 'conversation'] as const;
export const StreamType = z.enum(streamTypes);
export type StreamType = z.infer<typeof StreamType>;

export const topics = {
  user: 'careers.users',
  job: 'careers.jobs',
  application: 'careers.applications',
  post: 'careers.posts',
  connection: 'careers.connections',
  conversation: 'careers.messages',
} as const satisfies Record<StreamType, string>;

export type TopicName = (typeof topics)[StreamType];

export const allTopics: readonly TopicName[] = Object.values(topics);

export function topicFor(streamType: StreamType): TopicName {
  return topics[streamType];
}
