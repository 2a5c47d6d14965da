/** Fixed ids for the catalogue's examples, so the generated document is stable. */
export const exampleIds = {
  user: '01936b2e-7c4a-7d10-8a3e-5f0c2b9d4e11',
  otherUser: '01936b2e-9b12-7e44-9c01-2a7d6e5f3b22',
  job: '01936b30-1f2a-7b3c-8d4e-6a5b4c3d2e33',
  application: '01936b31-2a3b-7c4d-9e5f-7b6c5d4e3f44',
  post: '01936b32-3b4c-7d5e-af60-8c7d6e5f4a55',
  comment: '01936b33-4c5d-7e6f-b071-9d8e7f6a5b66',
  connection: '01936b34-5d6e-7f70-8182-ae9f8a7b6c77',
  resume: '01936b35-6e7f-7081-9293-bfa09b8c7d88',
  conversation: '01936b36-7f80-7192-a3a4-c0b1ac9d8e99',
  message: '01936b37-8091-72a3-b4b5-d1c2bdae9faa',
} as const;
